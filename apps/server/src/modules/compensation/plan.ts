import { PLAN_V1 } from '@portal/compensation';

/** The plan bonuses are computed under (packages/compensation). */
export const PLAN = PLAN_V1;
