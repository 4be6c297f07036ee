import {
  installationFieldsSchema,
  installationKey,
  isPlainObject,
  writeParamsSchema,
} from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { forbidden, invalidJson } from '../../http/errors';
import type { ApiRequest, ApiResponse } from '../../http/types';
import { parseInput } from '../../http/validate';
import { created } from '../../services/class-api';
import { ObjectApi, wantsObject } from '../../services/object-api';
import { applyBody } from '../../services/write';
import type { ClassRegistry } from '../../store/classes';
import { selectByField } from '../../store/objects';
import type { ObjectRow } from '../../store/objects';
import { forgetInvalidToken } from '../engine/invalid';
import { INSTALLATION_CLASS } from '../model';

/** Doc 2 Installations: "Query and delete permissions are closed by default for safety". */
export const installationFindForbidden = () =>
  forbidden("Forbidden to find by class '_Installation' permissions.");
const installationDeleteForbidden = () =>
  forbidden(
    "Forbidden to delete by class '_Installation' permissions: deleting installations needs the master key.",
  );

/** The built-in fields as they stand after the write; a 400 naming the rule otherwise. */
function checkFields(current: Record<string, unknown>, body: unknown): Record<string, unknown> {
  const { data } = applyBody(current, body);
  parseInput(installationFieldsSchema, data, 'installation');
  return data;
}

/**
 * Doc 2 Installation (class _Installation), at /1.1/installations and /1.1/classes/_Installation
 * alike: deviceType ios or android; an iOS device is its deviceToken, an Android one its
 * installationId, each unique in the app, so a create naming a known device updates that record
 * (LeanCloud's SDKs save the installation on every start). Every save refreshes updatedAt, which
 * keeps the installation a push target. Query and delete need the master key.
 */
export class InstallationApi extends ObjectApi {
  constructor(
    deps: ConstructorParameters<typeof ObjectApi>[0],
    private readonly classes: ClassRegistry,
  ) {
    super(deps, INSTALLATION_CLASS, '/1.1/installations');
  }

  override async create(req: ApiRequest): Promise<ApiResponse> {
    if (!isPlainObject(req.body)) throw invalidJson();
    const data = checkFields({}, req.body);
    const key = installationKey(data);
    const device = String(data[key]);
    if (key === 'deviceToken') await forgetInvalidToken(req.sql, device);
    // A vendor registration id the gateway once called invalid is valid again when a device registers it.
    if (typeof data.registrationId === 'string' && data.registrationId !== '')
      await forgetInvalidToken(req.sql, data.registrationId);
    // One device at a time: two first saves of a device at once make one record, not two.
    return req.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lc_installation:${key}:${device}`]);
      const existing = await this.findDevice(tx, key, device);
      const sub = { ...req, sql: tx };
      return existing ? this.refresh(sub, existing) : super.create(sub);
    });
  }

  /** A create for a known device: that record, updated with the body (200, its objectId and createdAt). */
  private async refresh(req: ApiRequest, row: ObjectRow): Promise<ApiResponse> {
    const res = await super.update(req, row.id);
    const saved = res.body;
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const body = {
      ...(wantsObject(q) ? saved : {}),
      objectId: row.id,
      createdAt: row.created_at.toISOString(),
      updatedAt: saved.updatedAt,
    };
    return { ...created(this, req, body), status: 200 };
  }

  private async findDevice(sql: Sql, key: string, device: string): Promise<ObjectRow | undefined> {
    if (!(await this.classes.exists(sql, INSTALLATION_CLASS))) return undefined;
    return selectByField(sql, INSTALLATION_CLASS, key, device);
  }

  override async update(req: ApiRequest, id: string) {
    if (!isPlainObject(req.body)) throw invalidJson();
    const body = req.body;
    return super.update(req, id, {
      before: (_tx, current) => {
        checkFields(current.data, body);
        return Promise.resolve(body);
      },
    });
  }

  override async query(req: ApiRequest) {
    if (!req.auth.master) throw installationFindForbidden();
    return super.query(req);
  }

  override async delete(req: ApiRequest, ids: string[]) {
    if (!req.auth.master) throw installationDeleteForbidden();
    return super.delete(req, ids);
  }
}
