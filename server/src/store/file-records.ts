import type { Sql } from '@switchboard/shared/sql';
import { selectByField } from './objects';

/** The file record whose content is stored under `key` (the unique index on key serves this). */
export const findFileByKey = (sql: Sql, key: string) => selectByField(sql, '_File', 'key', key);
