import { settleJobsRoute } from '@/lib/jobs/route';

/** A pass may mint a few certificates: give it time on hosts that cut functions short. */
export const maxDuration = 60;

export const POST = settleJobsRoute;
