/**
 * What cql.peggy builds: the statement as written, before any meaning is given to it. Every node
 * that can be wrong on its own carries `at`, its offset in the CQL text, for error messages.
 */

export type ValueNode =
  | { type: 'param'; at: number }
  | { type: 'literal'; value: unknown; at?: number }
  | { type: 'call'; name: string; args: ValueNode[]; at: number }
  | { type: 'array'; items: ValueNode[]; at: number }
  | { type: 'object'; entries: [string, ValueNode][]; at: number };

export type SelectItem =
  | { type: 'count'; arg: string; at: number }
  | { type: 'include'; path: string; at: number }
  | { type: 'all'; at: number }
  | { type: 'field'; path: string; at: number };

export type CompareOp = '<=' | '>=' | '<>' | '!=' | '==' | '=' | '<' | '>';

export interface Distance {
  amount: ValueNode;
  unit: 'km' | 'miles' | 'radians';
}

export type InOperand =
  | { type: 'subquery'; query: SelectNode }
  | { type: 'list'; items: ValueNode[] }
  | { type: 'value'; value: ValueNode };

export type Test =
  | { kind: 'exists'; exists: boolean }
  | { kind: 'compare'; op: CompareOp; value: ValueNode }
  | { kind: 'in'; not: boolean; operand: InOperand }
  | { kind: 'like' | 'regexp'; not: boolean; pattern: ValueNode }
  | { kind: 'between'; not: boolean; low: ValueNode; high: ValueNode }
  | { kind: 'all'; operand: InOperand }
  | { kind: 'near'; point: ValueNode; min?: Distance; max?: Distance }
  | { kind: 'within'; southwest: ValueNode; northeast: ValueNode }
  | { kind: 'subquery'; op: CompareOp; query: SelectNode };

export type Condition =
  | { type: 'or' | 'and'; items: Condition[] }
  | { type: 'related'; key: string; object: ValueNode; at: number }
  | { type: 'size'; field: string; op: CompareOp; value: ValueNode; at: number }
  | { type: 'test'; field: string; test: Test; at: number };

export interface OrderKey {
  sign?: '+' | '-';
  path: string;
  dir?: 'asc' | 'desc';
}

export type Tail =
  | { type: 'limit'; limit: ValueNode; skip?: ValueNode; at: number }
  | { type: 'order'; keys: OrderKey[]; at: number };

export interface SelectNode {
  type: 'select';
  items: SelectItem[];
  className: string;
  where?: Condition;
  tail: Tail[];
  at: number;
}

export type Statement = SelectNode | { type: 'write'; verb: string; at: number };
