import { useQuery } from '@tanstack/react-query';
import { capabilitiesQueryOptions } from '../../../lib/api/capabilities';
import { useAppPermission } from '../../../lib/session';

/** Whether the upstream serves schema writes and class counts (Switchboard does, LeanCloud does not). */
export function useSchemaWriteSupported(app: string): boolean | undefined {
  const caps = useQuery(capabilitiesQueryOptions(app));
  if (caps.error) return false;
  return caps.data?.areas.schemaWrite;
}

/** Whether the class list and page show create, delete and field changes. */
export function useCanWriteSchema(app: string): boolean {
  const supported = useSchemaWriteSupported(app);
  return useAppPermission(app, 'schema.write') && supported === true;
}
