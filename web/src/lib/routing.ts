import { useParams } from 'react-router';

/** A route parameter the route definition guarantees; missing means the route table is wrong. */
export function useRequiredParam(name: string): string {
  const value = useParams()[name];
  if (value === undefined) throw new Error(`route parameter :${name} is missing`);
  return value;
}
