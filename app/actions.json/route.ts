import { actionOptions, actionsJson } from '@/lib/actions/routes';

/** The Solana Actions spec's actions.json: which pages of the shop have an Action, and where. */
export const OPTIONS = () => actionOptions();
export const GET = () => actionsJson();
