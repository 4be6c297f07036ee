import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Sql } from '@switchboard/shared/sql';
import { escapeHtml, htmlPage, sendHtml } from '../http/html';
import type { Clock } from '../lib/clock';
import { resetLinkProblem, resetPasswordByLink, verifyEmailByLink } from '../services/users/mail-links';
import type { LinkProblem } from '../services/users/mail-links';

const PROBLEMS: Record<LinkProblem, { status: number; text: string }> = {
  unknown: {
    status: 404,
    text: 'This link is not valid. Check that you opened the whole link from the e-mail.',
  },
  used: { status: 410, text: 'This link has already been used. Each link works once.' },
  expired: {
    status: 410,
    text: 'This link has expired: links are valid for one week. Ask for a new e-mail.',
  },
  stale: { status: 410, text: 'This link was sent to an e-mail address the account no longer has.' },
};

const para = (text: string) => `<p>${escapeHtml(text)}</p>`;

function problemPage(reply: FastifyReply, title: string, problem: LinkProblem) {
  const p = PROBLEMS[problem];
  return sendHtml(reply, p.status, htmlPage(title, para(p.text)));
}

/** No action attribute: the form posts back to the URL it came from, whatever prefix a proxy adds. */
const resetForm = (message?: string) =>
  `${message ? para(message) : ''}
<form method="post">
<p><label for="password">New password</label><br>
<input id="password" name="password" type="password" autocomplete="new-password" required></p>
<p><label for="confirm">Repeat the new password</label><br>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required></p>
<p><button type="submit">Set the password</button></p>
</form>`;

type TokenRoute = { Params: { token: string } };

const RESET_TITLE = 'Choose a new password';

/**
 * The pages behind the links of account mails (services/users/mail.ts): verify an e-mail address,
 * and reset a password through a form. Outside /1.1: a browser opens them, not an SDK.
 */
export function accountPageRoutes(app: FastifyInstance, sql: Sql, clock: Clock): void {
  // A HEAD (link previews, scanners) must not use up the verification.
  app.get<TokenRoute>('/auth/verify-email/:token', { exposeHeadRoute: false }, async (req, reply) => {
    const title = 'E-mail verification';
    const problem = await verifyEmailByLink(sql, clock, req.params.token);
    if (problem) return problemPage(reply, title, problem);
    return sendHtml(
      reply,
      200,
      htmlPage(title, para('Your e-mail address is verified. You can close this page.')),
    );
  });

  app.get<TokenRoute>('/auth/reset-password/:token', async (req, reply) => {
    const problem = await resetLinkProblem(sql, clock, req.params.token);
    if (problem) return problemPage(reply, RESET_TITLE, problem);
    return sendHtml(reply, 200, htmlPage(RESET_TITLE, resetForm()));
  });

  // The form posts application/x-www-form-urlencoded, which the API's JSON parser would refuse;
  // this scope parses only that, and only a few KB of it.
  void app.register((scope, _opts, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, parsed) =>
        parsed(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
    );
    scope.post<TokenRoute & { Body: URLSearchParams | undefined }>(
      '/auth/reset-password/:token',
      async (req, reply) => {
        // A POST without a body reaches here with none.
        const form = req.body ?? new URLSearchParams();
        const password = form.get('password') ?? '';
        const again = form.get('confirm') ?? '';
        if (password === '')
          return sendHtml(reply, 400, htmlPage(RESET_TITLE, resetForm('Enter a new password.')));
        if (password !== again)
          return sendHtml(
            reply,
            400,
            htmlPage(RESET_TITLE, resetForm('The two passwords differ. Enter them again.')),
          );
        const problem = await resetPasswordByLink(sql, clock, req.params.token, password);
        if (problem) return problemPage(reply, RESET_TITLE, problem);
        return sendHtml(
          reply,
          200,
          htmlPage(
            'Password changed',
            para(
              'Your password is changed, and you are logged out everywhere. Log in with the new password.',
            ),
          ),
        );
      },
    );
    done();
  });
}
