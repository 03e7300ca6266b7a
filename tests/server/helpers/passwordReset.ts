import type { InjectResponse, TestApp } from './app';

/** Chooses a password with a reset (or welcome) link's token, as the link's page does. */
export function choosePassword(
  t: Pick<TestApp, 'inject'>,
  body: { token: string; password: string },
): Promise<InjectResponse> {
  return t.inject({ method: 'POST', url: '/api/passwordreset', payload: body });
}

/** The token of a mailed reset or welcome link. */
export const linkToken = (mail: { link?: string | null } | undefined): string =>
  mail!.link!.split('/password/reset/')[1]!;
