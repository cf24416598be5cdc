import type { PGlite, Transaction } from '@electric-sql/pglite';
import { z } from 'zod';
import { asCaller, header, isPostgresError, json, notImplemented, type Incoming, type Reply } from './http';
import type { ApiClaims } from './jwt';

const identifier = /^[a-z_][a-z0-9_]*$/;
const quote = (name: string) => `"${name}"`;

/** A PostgREST-shaped error: {code, message, details, hint}. */
export const restError = (status: number, code: string, message: string, details: string | null = null, hint: string | null = null): Reply =>
  json(status, { code, message, details, hint });

class RestFailure extends Error {
  constructor(readonly reply: Reply) {
    super('PostgREST request refused');
  }
}
const refuse = (status: number, code: string, message: string, details: string | null = null): never => {
  throw new RestFailure(restError(status, code, message, details));
};

/** PostgREST's mapping of Postgres error codes to HTTP statuses. */
export function statusForPostgresError(code: string, role: ApiClaims['role']): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (/^(08|53)/.test(code)) return 503;
  if (/^(09|25|2D|38|39|3B|40|55|57|58|F0|HV|P0|XX)/.test(code) || code === '42P17') return 500;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (code.startsWith('54')) return 413;
  return 400;
}

type Column = { name: string; type: string };
type Table = { name: string; columns: Map<string, string>; primaryKey: string[] };

/** Reads public tables' columns from the catalogue; the schema only changes by restarting on new migrations. */
export class SchemaCache {
  private readonly tables = new Map<string, Table | null>();
  constructor(private readonly db: PGlite) {}

  async table(name: string): Promise<Table | null> {
    if (!identifier.test(name)) return null;
    if (!this.tables.has(name)) {
      const { rows } = await this.db.query<Column & { primary_key: boolean }>(
        `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
                coalesce(a.attnum = any(i.indkey), false) as primary_key
           from pg_attribute a
           join pg_class c on c.oid = a.attrelid
           join pg_namespace n on n.oid = c.relnamespace
           left join pg_index i on i.indrelid = c.oid and i.indisprimary
          where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'p')
            and a.attnum > 0 and not a.attisdropped
          order by a.attnum`,
        [name],
      );
      this.tables.set(
        name,
        rows.length === 0
          ? null
          : { name, columns: new Map(rows.map((row) => [row.name, row.type])), primaryKey: rows.filter((row) => row.primary_key).map((row) => row.name) },
      );
    }
    return this.tables.get(name) ?? null;
  }
}

const reservedParameters = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

function columnOf(table: Table, name: string): string {
  if (!identifier.test(name) || !table.columns.has(name)) {
    refuse(400, '42703', `column ${table.name}.${name} does not exist`);
  }
  return name;
}

function columnList(table: Table, list: string | null): string[] | null {
  if (list === null || list.trim() === '*' || list.trim() === '') return null;
  return list.split(',').map((part) => {
    // postgrest-js sends ?columns="a","b" for array inserts.
    const name = part.trim().replace(/^"(.*)"$/, '$1');
    if (/[(:!]/.test(name)) throw new RestFailure(notImplemented('select', `embedded resources, casts or aliases in select=${list}`));
    return columnOf(table, name);
  });
}

/** Splits `(a,"b,c",d)` into its items, honouring PostgREST's double quotes. */
export function parseInList(value: string): string[] {
  const inner = value.match(/^\((.*)\)$/s)?.[1];
  if (inner === undefined) return refuse(400, 'PGRST100', `"failed to parse filter (in.${value})"`);
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < inner.length; i += 1) {
    const char = inner[i];
    if (char === '"') quoted = !quoted;
    else if (char === '\\' && quoted && i + 1 < inner.length) current += inner[++i];
    else if (char === ',' && !quoted) {
      items.push(current);
      current = '';
    } else current += char;
  }
  items.push(current);
  return items;
}

const comparisons: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** Builds the WHERE clause from `column=operator.value` parameters; values become text parameters. */
export function whereClause(table: Table, search: URLSearchParams, params: unknown[]): string {
  // Qualified, so an UPDATE ... FROM the patch record is not ambiguous.
  const qualified = (column: string) => `public.${quote(table.name)}.${quote(column)}`;
  const conditions: string[] = [];
  const bind = (value: string, type: string) => {
    params.push(value);
    return `$${params.length}::text::${type}`;
  };
  for (const [key, raw] of search) {
    if (reservedParameters.has(key)) continue;
    const column = columnOf(table, key);
    const type = table.columns.get(column) ?? 'text';
    const dot = raw.indexOf('.');
    const operator = dot < 0 ? raw : raw.slice(0, dot);
    const value = dot < 0 ? '' : raw.slice(dot + 1);
    if (operator in comparisons) conditions.push(`${qualified(column)} ${comparisons[operator]} ${bind(value, type)}`);
    else if (operator === 'in') {
      const items = parseInList(value);
      conditions.push(`${qualified(column)} in (${items.map((item) => bind(item, type)).join(', ')})`);
    } else if (operator === 'is') {
      const is = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' }[value.toLowerCase()];
      if (!is) refuse(400, 'PGRST100', `"failed to parse filter (is.${value})"`);
      conditions.push(`${qualified(column)} is ${is}`);
    } else {
      throw new RestFailure(notImplemented('filter operator', `${operator} (in ${key}=${raw})`));
    }
  }
  return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
}

function orderClause(table: Table, order: string | null): string {
  if (!order) return '';
  const terms = order.split(',').map((term) => {
    const [name, ...modifiers] = term.split('.');
    let sql = quote(columnOf(table, name));
    for (const modifier of modifiers) {
      const part = { asc: 'asc', desc: 'desc', nullsfirst: 'nulls first', nullslast: 'nulls last' }[modifier];
      if (!part) refuse(400, 'PGRST100', `"failed to parse order (${order})"`);
      sql += ` ${part}`;
    }
    return sql;
  });
  return ` order by ${terms.join(', ')}`;
}

function countClause(search: URLSearchParams, name: 'limit' | 'offset'): string {
  const value = search.get(name);
  if (value === null) return '';
  if (!/^\d+$/.test(value)) refuse(400, 'PGRST100', `"failed to parse ${name} (${value})"`);
  return ` ${name} ${value}`;
}

export type Prefer = { return: 'minimal' | 'representation' | 'headers-only'; resolution?: 'merge-duplicates' | 'ignore-duplicates' };

export function parsePrefer(value: string | undefined, fallback: Prefer['return']): Prefer {
  const prefer: Prefer = { return: fallback };
  for (const item of (value ?? '').split(',')) {
    const [key, setting] = item.trim().split('=');
    if (key === 'return' && (setting === 'minimal' || setting === 'representation' || setting === 'headers-only')) prefer.return = setting;
    if (key === 'resolution' && (setting === 'merge-duplicates' || setting === 'ignore-duplicates')) prefer.resolution = setting;
  }
  return prefer;
}

const rowSchema = z.record(z.string(), z.unknown());
const insertBodySchema = z.union([rowSchema, z.array(rowSchema).min(1)]);
const rpcArgumentsSchema = z.record(z.string(), z.unknown());

function parseBody<T>(incoming: Incoming, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(incoming.body.toString('utf8') || '{}');
  } catch {
    return refuse(400, 'PGRST102', 'Empty or invalid json');
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : refuse(400, 'PGRST102', 'Invalid body', z.prettifyError(parsed.error));
}

const wantsSingleObject = (incoming: Incoming) => (header(incoming, 'accept') ?? '').includes('application/vnd.pgrst.object+json');
const stripsNulls = (incoming: Incoming) => (header(incoming, 'accept') ?? '').includes('nulls=stripped');

/** Reads the JSON text a statement produced, applying PostgREST's single-object rule (which rolls back). */
function shapeRows(incoming: Incoming, text: string): unknown {
  let rows = z.array(z.unknown()).parse(JSON.parse(text));
  if (stripsNulls(incoming)) {
    rows = rows.map((row) =>
      typeof row === 'object' && row !== null ? Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)) : row,
    );
  }
  if (!wantsSingleObject(incoming)) return rows;
  if (rows.length !== 1) refuse(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows.length} rows`);
  return rows[0];
}

const asJsonArray = (statement: string, projection: string[] | null) =>
  `with result as (${statement}) select coalesce(json_agg(shaped), '[]')::text as body from (select ${projection ? projection.map(quote).join(', ') : '*'} from result) shaped`;

async function bodyOf(tx: Transaction, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await tx.query<{ body: string }>(sql, params);
  return rows[0]?.body ?? '[]';
}

async function handleTable(incoming: Incoming, table: Table, db: PGlite, claims: ApiClaims): Promise<Reply> {
  const { method, url } = incoming;
  const search = url.searchParams;
  const target = `public.${quote(table.name)}`;
  const params: unknown[] = [];
  const projection = columnList(table, search.get('select'));

  if (method === 'GET' || method === 'HEAD') {
    const where = whereClause(table, search, params);
    // Only the columns asked for, as PostgREST reads them: a column-level grant refuses `select *`.
    const sql = asJsonArray(
      `select ${projection ? projection.map(quote).join(', ') : '*'} from ${target}${where}${orderClause(table, search.get('order'))}${countClause(search, 'limit')}${countClause(search, 'offset')}`,
      projection,
    );
    const shaped = shapeRows(incoming, await asCaller(db, claims, (tx) => bodyOf(tx, sql, params)));
    return json(200, shaped, { 'content-range': '*/*' });
  }

  if (method === 'POST') {
    const prefer = parsePrefer(header(incoming, 'prefer'), 'minimal');
    const body = parseBody(incoming, insertBodySchema);
    const rows = Array.isArray(body) ? body : [body];
    const columns = (columnList(table, search.get('columns')) ?? Object.keys(rows[0])).map((name) => columnOf(table, name));
    if (columns.length === 0) refuse(400, 'PGRST102', 'Inserting a row with no columns is not supported here');
    params.push(JSON.stringify(rows));
    const columnSql = columns.map(quote).join(', ');
    let statement = `insert into ${target} (${columnSql}) select ${columnSql} from json_populate_recordset(null::${target}, $1::text::json)`;
    if (prefer.resolution) {
      const conflict = (columnList(table, search.get('on_conflict')) ?? table.primaryKey).map(quote);
      if (conflict.length === 0) refuse(400, 'PGRST103', `${table.name} has no primary key to resolve conflicts on`);
      const updates = columns.filter((name) => !conflict.includes(quote(name))).map((name) => `${quote(name)} = excluded.${quote(name)}`);
      statement += ` on conflict (${conflict.join(', ')}) ${prefer.resolution === 'ignore-duplicates' || updates.length === 0 ? 'do nothing' : `do update set ${updates.join(', ')}`}`;
    }
    return mutate(incoming, db, claims, prefer, statement, params, projection, 201, target);
  }

  if (method === 'PATCH') {
    const prefer = parsePrefer(header(incoming, 'prefer'), 'minimal');
    const body = parseBody(incoming, rowSchema);
    const columns = Object.keys(body).map((name) => columnOf(table, name));
    if (columns.length === 0) return json(204, null);
    params.push(JSON.stringify(body));
    const where = whereClause(table, search, params);
    const assignments = columns.map((name) => `${quote(name)} = patch.${quote(name)}`).join(', ');
    const statement = `update ${target} set ${assignments} from json_populate_record(null::${target}, $1::text::json) as patch${where}`;
    return mutate(incoming, db, claims, prefer, statement, params, projection, 200, target);
  }

  if (method === 'DELETE') {
    const prefer = parsePrefer(header(incoming, 'prefer'), 'minimal');
    const statement = `delete from ${target}${whereClause(table, search, params)}`;
    return mutate(incoming, db, claims, prefer, statement, params, projection, 200, target);
  }

  return notImplemented(method, url.pathname);
}

async function mutate(
  incoming: Incoming,
  db: PGlite,
  claims: ApiClaims,
  prefer: Prefer,
  statement: string,
  params: unknown[],
  projection: string[] | null,
  representationStatus: number,
  target: string,
): Promise<Reply> {
  const single = wantsSingleObject(incoming);
  // Returning rows needs SELECT rights, so return=minimal asks for none (as PostgREST does).
  if (prefer.return !== 'representation' && !single) {
    await asCaller(db, claims, (tx) => tx.query(statement, params));
    return { status: representationStatus === 201 ? 201 : 204 };
  }
  const shaped = await asCaller(db, claims, async (tx) =>
    shapeRows(incoming, await bodyOf(tx, asJsonArray(`${statement} returning ${target}.*`, projection), params)),
  );
  return prefer.return === 'representation' ? json(representationStatus, shaped) : { status: representationStatus === 201 ? 201 : 204 };
}

type FunctionInfo = { returns_set: boolean; returns_composite: boolean; argument_names: string[] | null; argument_types: string[] };

async function handleRpc(incoming: Incoming, name: string, db: PGlite, claims: ApiClaims): Promise<Reply> {
  if (incoming.method !== 'POST') return notImplemented(incoming.method, `/rest/v1/rpc/${name}`);
  const args = parseBody(incoming, rpcArgumentsSchema);
  const { rows } = identifier.test(name)
    ? await db.query<FunctionInfo>(
        `select p.proretset as returns_set, t.typtype = 'c' as returns_composite, p.proargnames as argument_names,
                array(select format_type(unnest(p.proargtypes::oid[]), null)) as argument_types
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
          where n.nspname = 'public' and p.proname = $1`,
        [name],
      )
    : { rows: [] };
  const given = Object.keys(args).sort();
  const match = rows.find((fn) => [...(fn.argument_names ?? []).slice(0, fn.argument_types.length)].sort().join() === given.join());
  if (!match) {
    // PostgREST says in `details` what it searched for (https://supabase.com/docs/guides/api/rest/postgrest-error-codes).
    const searched = `Searched for the function public.${name} with parameters ${given.join(', ') || '(none)'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`;
    return restError(404, 'PGRST202', `Could not find the function public.${name}(${given.join(', ')}) in the schema cache`, searched);
  }
  const params: unknown[] = [];
  const call = `public.${quote(name)}(${(match.argument_names ?? [])
    .slice(0, match.argument_types.length)
    .map((argument, index) => {
      const value = args[argument];
      params.push(value === null ? null : typeof value === 'string' ? value : JSON.stringify(value));
      const type = match.argument_types[index]!;
      // A JSON array given for an SQL array parameter becomes that array, as PostgREST makes it.
      if (type.endsWith('[]') && Array.isArray(value)) return `${quote(argument)} => array(select jsonb_array_elements_text($${params.length}::text::jsonb))::${type}`;
      return `${quote(argument)} => $${params.length}::text::${type}`;
    })
    .join(', ')})`;
  const sql = match.returns_set
    ? `select coalesce(json_agg(result), '[]')::text as body from ${call} result`
    : match.returns_composite
      ? `select case when result is null then 'null' else row_to_json(result)::text end as body from ${call} result`
      : `select coalesce(to_json(${call})::text, 'null') as body`;
  const text = await asCaller(db, claims, (tx) => bodyOf(tx, sql, params));
  return json(200, JSON.parse(text));
}

/** PostgREST's table and RPC endpoints, under /rest/v1, executed as the JWT's role. */
export async function handleRest(incoming: Incoming, route: string, db: PGlite, schema: SchemaCache, claims: ApiClaims): Promise<Reply> {
  const profile = header(incoming, incoming.method === 'GET' || incoming.method === 'HEAD' ? 'accept-profile' : 'content-profile');
  if (profile && profile !== 'public') {
    return restError(406, 'PGRST106', 'Invalid schema: ' + profile, null, 'Only the following schemas are exposed: public');
  }
  try {
    const rpc = route.match(/^\/rpc\/([^/]+)$/);
    if (rpc) return await handleRpc(incoming, decodeURIComponent(rpc[1]), db, claims);
    const tableName = route.match(/^\/([^/]+)$/)?.[1];
    if (!tableName) return notImplemented(incoming.method, `/rest/v1${route}`);
    const table = await schema.table(decodeURIComponent(tableName));
    if (!table) return restError(404, '42P01', `relation "public.${tableName}" does not exist`);
    return await handleTable(incoming, table, db, claims);
  } catch (error) {
    if (error instanceof RestFailure) return error.reply;
    if (isPostgresError(error)) {
      return restError(statusForPostgresError(error.code, claims.role), error.code, error.message, error.detail ?? null, error.hint ?? null);
    }
    throw error;
  }
}
