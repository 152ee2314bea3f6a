import { SegmentedControl } from '@mantine/core';
import { TEAM_LIST_KINDS, type TTeamListKind } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Everyone, or one binary leg (the `{kind}` of first-line and registrations). */
export function KindSwitch({
  value,
  onChange,
}: {
  value: TTeamListKind;
  onChange: (kind: TTeamListKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('team.kind')}
      value={value}
      onChange={onChange}
      data={TEAM_LIST_KINDS.map((kind) => ({ value: kind, label: t(`team.kinds.${kind}`) }))}
    />
  );
}
