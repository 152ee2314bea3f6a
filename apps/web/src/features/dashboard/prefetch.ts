import { type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { activePackageQuery } from '../../api/get-active-package';
import { companyStatsQuery } from './api/get-company-stats';
import { newYearPromoQuery } from './api/get-new-year-promo';
import { qualificationQuery } from './api/get-qualification';
import { referralStructureInfoQuery } from './api/get-referral-structure-info';
import { summerPromoStatusQuery } from './api/get-summer-promo-status';
import { winterPromoStatusQuery } from './api/get-winter-promo-status';

/** The data of the dashboard's sections above the charts (the debts only while the partner owes). */
export const sectionQueries = () => [
  qualificationQuery(),
  activePackageQuery(),
  referralStructureInfoQuery(),
  companyStatsQuery(),
  winterPromoStatusQuery(),
  newYearPromoQuery(),
  summerPromoStatusQuery(),
];

/**
 * Starts fetching the dashboard's data when the app opens at it, beside its scripts rather than
 * after them (app/router.tsx, preloadRoute). Small: the query options only, not the screen.
 */
export function prefetchDashboard(client: QueryClient) {
  // The options differ in their data's type only; prefetching never reads the data.
  for (const query of sectionQueries()) void client.prefetchQuery(query as FetchQueryOptions);
}
