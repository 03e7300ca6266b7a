import { noteAnswer, noteUnreachable } from './offline/connectivity';
import { forgetPersonOnDevice } from './offline/forgetPerson';
import { onSignOutForget } from './providers/authState';
import { listenToAnswers } from './providers/httpClient';

/**
 * The providers sit below the offline part (README "Architecture"), so the app tells them who
 * listens: every API answer updates the connection state (the offline banner's "last synced"),
 * and signing out clears the person's kept copies from the device (issue 30).
 */
export function connectOffline(): void {
  listenToAnswers({ answered: noteAnswer, unreachable: noteUnreachable });
  onSignOutForget(forgetPersonOnDevice);
}
