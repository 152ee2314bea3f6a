import { mayActAs, type TOperatorRole } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ADMIN_AREAS } from '../admin-areas';
import { AreaLink } from './AreaLink';

/** The back office's areas an operator may open: those whose role the operator may act as. */
export function AdminNav({ roles }: { roles: readonly TOperatorRole[] }) {
  const { t } = useTranslation();
  return ADMIN_AREAS.filter((area) => mayActAs(roles, area.role)).map((area) => (
    <AreaLink key={area.path} path={area.path} label={t(`nav.${area.key}`)} />
  ));
}
