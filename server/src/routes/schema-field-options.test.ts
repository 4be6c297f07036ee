// Field options over time: a PUT /1.1/schemas/<className> of an existing field changes only the
// options it names, and an update may not take a required field away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableFor } from '../store/tables';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const master = { auth: 'master' as const };
const fieldOf = async (className: string, field: string) =>
  ((await t.request('GET', `/1.1/schemas/${className}`, master)).json[className] as Record<string, unknown>)[
    field
  ];
const putFields = (className: string, fields: Record<string, unknown>) =>
  t.request('PUT', `/1.1/schemas/${className}`, { ...master, body: { fields } });

describe('PUT /1.1/schemas/<className> of an existing field', () => {
  beforeAll(async () => {
    const r = await t.request('POST', '/1.1/schemas/Gadget', {
      ...master,
      body: {
        fields: {
          name: { type: 'String', required: true, comment: 'shown in lists' },
          price: { type: 'Number', default: 10, read_only: true },
          maker: { type: 'Pointer', targetClass: '_User', hidden: true },
        },
      },
    });
    expect(r.status, r.text).toBe(201);
  });

  it('keeps the options a change does not name', async () => {
    const r = await putFields('Gadget', {
      name: { type: 'String' },
      price: { type: 'Number', hidden: true },
    });
    expect(r.status, r.text).toBe(200);
    expect(await fieldOf('Gadget', 'name')).toEqual({
      type: 'String',
      required: true,
      comment: 'shown in lists',
    });
    expect(await fieldOf('Gadget', 'price')).toEqual({
      type: 'Number',
      default: 10,
      read_only: true,
      hidden: true,
    });
  });

  it('lets a Pointer change leave out its target class', async () => {
    const r = await putFields('Gadget', { maker: { type: 'Pointer', comment: 'who made it' } });
    expect(r.status, r.text).toBe(200);
    expect(await fieldOf('Gadget', 'maker')).toEqual({
      type: 'Pointer',
      className: '_User',
      hidden: true,
      comment: 'who made it',
    });
  });

  it('removes an option named as false, and a default named as null', async () => {
    const r = await putFields('Gadget', { price: { type: 'Number', read_only: false, default: null } });
    expect(r.status, r.text).toBe(200);
    expect(await fieldOf('Gadget', 'price')).toEqual({ type: 'Number', read_only: false, hidden: true });
    const made = await t.request('POST', '/1.1/classes/Gadget', {
      body: { name: 'a' },
      query: { new: 'true' },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json.price).toBeUndefined();
  });

  it('checks the merged options: an auto-increment field cannot gain a default', async () => {
    expect((await putFields('Gadget', { serial: { type: 'Number', auto_increment: true } })).status).toBe(
      200,
    );
    const r = await putFields('Gadget', { serial: { type: 'Number', default: 3 } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("Field 'serial': an auto-increment field has no default.");
    expect(await fieldOf('Gadget', 'serial')).toEqual({ type: 'Number', auto_increment: true });
  });
});

describe('a required field on update', () => {
  let id = '';
  beforeAll(async () => {
    const c = await t.request('POST', '/1.1/schemas/Ticket', {
      ...master,
      body: { fields: { title: { type: 'String', required: true }, note: { type: 'String' } } },
    });
    expect(c.status, c.text).toBe(201);
    const r = await t.request('POST', '/1.1/classes/Ticket', { body: { title: 'first', note: 'n' } });
    expect(r.status, r.text).toBe(201);
    id = String(r.json.objectId);
  });

  const update = (body: unknown, auth: 'app' | 'master' = 'app') =>
    t.request('PUT', `/1.1/classes/Ticket/${id}`, { auth, body });
  const message = "The field 'title' of class 'Ticket' is required; it cannot be removed or set to null.";

  it('refuses an unset or a null of it, with the master key too, and keeps the object', async () => {
    for (const [body, auth] of [
      [{ title: { __op: 'Delete' } }, 'app'],
      [{ title: null }, 'app'],
      [{ title: null, note: 'changed' }, 'master'],
    ] as const) {
      const r = await update(body, auth);
      expect([r.status, r.json.error], JSON.stringify(body)).toEqual([400, message]);
    }
    const got = await t.request('GET', `/1.1/classes/Ticket/${id}`);
    expect([got.json.title, got.json.note]).toEqual(['first', 'n']);
  });

  it('refuses it inside a batch, and accepts other changes', async () => {
    const b = await t.request('POST', '/1.1/batch', {
      body: { requests: [{ method: 'PUT', path: `/1.1/classes/Ticket/${id}`, body: { title: null } }] },
    });
    expect(b.status, b.text).toBe(200);
    expect(b.body).toEqual([{ error: { code: 1, error: message } }]);
    expect((await update({ title: 'second', note: { __op: 'Delete' } })).status).toBe(200);
    const got = await t.request('GET', `/1.1/classes/Ticket/${id}`);
    expect([got.json.title, got.json.note]).toEqual(['second', undefined]);
  });

  it('leaves an object stored without it free to change its other fields', async () => {
    const old = await t.request('POST', '/1.1/classes/Ticket', { ...master, body: { title: 'x' } });
    const oldId = String(old.json.objectId);
    // Stored before `title` became required: written past the API.
    await t.server.sql.query(`UPDATE ${tableFor('Ticket')} SET data = data - 'title' WHERE id = $1`, [oldId]);
    const r = await t.request('PUT', `/1.1/classes/Ticket/${oldId}`, { body: { note: 'fine' } });
    expect(r.status, r.text).toBe(200);
  });
});
