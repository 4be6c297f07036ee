import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { writePaging } from '../utils/paging';
import type { Paging } from '../utils/paging';
import { toggleSort as toggled } from './sort';
import { readDataQuery, toObjectsQuery, writeDataQuery } from './url-state';
import type { QueryChange } from './url-state';
import type { WhereObject } from '../../../components/query-builder/where';

/**
 * The class page's query, read from and written to the URL. Each change is a navigation, so
 * back and forward step through queries.
 */
export function useDataQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readDataQuery(params), [params]);
  const objectsQuery = useMemo(() => toObjectsQuery(query), [query]);

  const change = useCallback((c: QueryChange) => setParams((p) => writeDataQuery(p, c)), [setParams]);
  const setWhere = useCallback((where: WhereObject) => change({ where }), [change]);
  const setOrder = useCallback((order: string[]) => change({ order }), [change]);
  const setKeys = useCallback((keys: string[]) => change({ keys }), [change]);
  const setInclude = useCallback((include: string[]) => change({ include }), [change]);
  const setPaging = useCallback(
    (paging: Partial<Paging>) => setParams((p) => writePaging(p, paging)),
    [setParams],
  );
  /** For the grid's column headers: see sort.ts; `additive` is a shift-click. */
  const toggleSort = useCallback(
    (field: string, additive: boolean) => change({ order: toggled(query.order, field, additive) }),
    [change, query.order],
  );
  /** The URL's search string without the page and a followed pointer: what a saved view keeps. */
  const search = useMemo(() => {
    const p = new URLSearchParams(params);
    p.delete('page');
    p.delete('objectId');
    return p.toString();
  }, [params]);

  // One object for as long as the URL's query stays the same, so components given it (the filter
  // bar) can skip the renders of the grid's page that scrolling causes.
  return useMemo(
    () => ({
      query,
      objectsQuery,
      search,
      change,
      setWhere,
      setOrder,
      setKeys,
      setInclude,
      setPaging,
      toggleSort,
    }),
    [query, objectsQuery, search, change, setWhere, setOrder, setKeys, setInclude, setPaging, toggleSort],
  );
}

export type DataQueryControls = ReturnType<typeof useDataQuery>;
