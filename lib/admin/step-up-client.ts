import { STEP_UP_REQUIRED } from '@/lib/second-factor/step-up-code';

export { STEP_UP_REQUIRED };

/**
 * The page's side of step-up (lib/second-factor/step-up.ts): the admin panel registers the prompt
 * that asks for the second factor; a call refused with STEP_UP_REQUIRED, or a download that needs
 * it, asks through it.
 */

type Prompt = () => Promise<boolean>;
let prompt: Prompt | null = null;

/** Registers the panel's prompt; returns how to take it back. */
export function registerStepUpPrompt(ask: Prompt): () => void {
  prompt = ask;
  return () => {
    if (prompt === ask) prompt = null;
  };
}

/** Asks the member for their second factor: true once given, false if declined or no prompt is shown. */
export function confirmIdentity(): Promise<boolean> {
  return prompt ? prompt() : Promise.resolve(false);
}

/** Before a download that needs the factor given in the last minutes: asks for it only when it is not. */
export async function ensureRecentFactor(): Promise<boolean> {
  const response = await fetch('/api/admin-session/factor', { cache: 'no-store' });
  const state = (await response.json().catch(() => null)) as { recent?: boolean } | null;
  return state?.recent === true || confirmIdentity();
}
