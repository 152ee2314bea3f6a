import { RANK_NAMES, type TRankName } from '@portal/compensation';
import type { TFunction } from 'i18next';

const isRank = (name: string): name is TRankName => (RANK_NAMES as readonly string[]).includes(name);

/** A rank's name in the reader's language (the server answers the plan's English names). */
export function rankName(name: string, t: TFunction): string {
  return isRank(name) ? t(`dashboard.qualification.ranks.${name}`) : name;
}
