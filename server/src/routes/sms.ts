import { isPlainObject, LcCode } from '@switchboard/shared';
import { ApiError, badRequest, invalidJson } from '../http/errors';
import type { ApiRouter } from '../http/router';
import type { ApiMethod, ApiRequest, Handler } from '../http/types';
import type { AccountDeps } from '../services/users/deps';
import { checkPassword } from '../services/users/fields';
import {
  changePhone,
  requestPhoneChange,
  resetPasswordByCode,
  userWithPhone,
  verifyPhone,
} from '../services/users/sms-account';
import { assertNotInBatch, checkPhone, sendSmsCode } from '../services/users/sms-codes';
import { signUpOrLogInByPhone } from '../services/users/sms-signup';

/** The body as an object; endpoints that need nothing from it accept none. */
const bodyOf = (req: ApiRequest): Record<string, unknown> => {
  if (req.body === undefined || req.body === null) return {};
  if (!isPlainObject(req.body)) throw invalidJson();
  return req.body;
};

/** A phone the body may carry to say whose code it is; absent means "look the code up". */
const optionalPhone = (body: Record<string, unknown>) =>
  body.mobilePhoneNumber === undefined ? undefined : checkPhone(body.mobilePhoneNumber);

const ok = () => ({ body: {} });

/**
 * Doc 1 Users and accounts, the SMS rows (the login by code itself is POST /1.1/login with
 * smsCode, in routes/users.ts). Codes land in the outbox, see services/users/sms-codes.ts.
 */
export function smsRoutes(apiRouter: ApiRouter, deps: AccountDeps): void {
  const router = {
    on: (method: ApiMethod, path: string, handler: Handler) =>
      apiRouter.on(method, path, (req) => {
        assertNotInBatch(req);
        return handler(req);
      }),
  };
  const sessionUser = async (req: ApiRequest): Promise<string> => {
    const { userId } = await deps.access.of(req.sql, req.auth);
    if (!userId)
      throw new ApiError(
        403,
        LcCode.SessionMissing,
        'This needs the session of a logged-in user (X-LC-Session).',
      );
    return userId;
  };

  router.on('POST', '/1.1/requestSmsCode', async (req) => {
    const phone = checkPhone(bodyOf(req).mobilePhoneNumber);
    await sendSmsCode(req.sql, deps.clock, { phone, purpose: 'signup_or_login' });
    return ok();
  });

  router.on('POST', '/1.1/usersByMobilePhone', (req) => signUpOrLogInByPhone(deps, req));

  router.on('POST', '/1.1/requestMobilePhoneVerify', async (req) => {
    const phone = checkPhone(bodyOf(req).mobilePhoneNumber);
    const user = await userWithPhone(req.sql, phone);
    if (user.data.mobilePhoneVerified === true)
      throw badRequest(LcCode.InvalidParameter, 'This mobile phone number is already verified.');
    await sendSmsCode(req.sql, deps.clock, { phone, purpose: 'verify_phone', userId: user.id });
    return ok();
  });

  router.on('POST', '/1.1/verifyMobilePhone/:code', async (req) => {
    await verifyPhone(req.sql, deps.clock, req.params.code ?? '', optionalPhone(bodyOf(req)));
    return ok();
  });

  router.on('POST', '/1.1/requestChangePhoneNumber', async (req) => {
    const userId = await sessionUser(req);
    await requestPhoneChange(req.sql, deps.clock, userId, checkPhone(bodyOf(req).mobilePhoneNumber));
    return ok();
  });

  router.on('POST', '/1.1/changePhoneNumber', async (req) => {
    const userId = await sessionUser(req);
    const body = bodyOf(req);
    await changePhone(req.sql, deps.clock, userId, checkPhone(body.mobilePhoneNumber), body.code);
    return ok();
  });

  router.on('POST', '/1.1/requestLoginSmsCode', async (req) => {
    const phone = checkPhone(bodyOf(req).mobilePhoneNumber);
    const user = await userWithPhone(req.sql, phone);
    await sendSmsCode(req.sql, deps.clock, { phone, purpose: 'login', userId: user.id });
    return ok();
  });

  router.on('POST', '/1.1/requestPasswordResetBySmsCode', async (req) => {
    const phone = checkPhone(bodyOf(req).mobilePhoneNumber);
    const user = await userWithPhone(req.sql, phone);
    await sendSmsCode(req.sql, deps.clock, { phone, purpose: 'reset_password', userId: user.id });
    return ok();
  });

  router.on('PUT', '/1.1/resetPasswordBySmsCode/:code', async (req) => {
    const body = bodyOf(req);
    const password = checkPassword(body.password);
    await resetPasswordByCode(req.sql, deps.clock, req.params.code ?? '', password, optionalPhone(body));
    return ok();
  });
}
