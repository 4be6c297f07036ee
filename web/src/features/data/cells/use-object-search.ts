import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { classKeys } from '../api/keys';
import { findObjects } from '../editing/api';
import { searchWhere } from '../../../lib/search';

/** Up to ten objects of `className` matching what was typed (by objectId or string fields). */
export function useObjectSearch(app: string, className: string | undefined, text: string, fields: string[]) {
  const target = className ?? '';
  return useQuery({
    queryKey: [...classKeys.detail(app, target), 'search', text, fields],
    queryFn: ({ signal }) =>
      findObjects(app, target, { where: searchWhere(text, fields), limit: 10, order: '-updatedAt' }, signal),
    enabled: target !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
