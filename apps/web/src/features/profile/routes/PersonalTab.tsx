import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/get-profile';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { formatDate } from '../../../lib/format';
import { mentorName } from '../../../lib/mentor';
import { AvatarUpload } from '../components/AvatarUpload';
import { PersonalForm } from '../components/PersonalForm';
import { Spinner } from '../../../components/Spinner';

export function PersonalTab() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (!profile.data) return <Spinner />;
  const user = profile.data;
  const mentor = mentorName(user, t);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack>
        <Paper withBorder p="md">
          <AvatarUpload profile={user} />
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            {t('profile.account.title')}
          </Title>
          <Text size="sm">{t('profile.account.email', { email: user.email })}</Text>
          <Text size="sm">{t('profile.account.referralId', { id: user.referral_id })}</Text>
          <Text size="sm">{t('profile.account.id', { id: user.id })}</Text>
          {mentor && (
            <Text size="sm" data-testid="profile-mentor">
              {t('profile.account.mentor', { mentor })}
            </Text>
          )}
          {user.dft_next_unlock_at && (
            <Text size="sm" data-testid="profile-dft-unlock">
              {t('profile.account.dftUnlock', { date: formatDate(user.dft_next_unlock_at) })}
            </Text>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            {t('profile.language.title')}
          </Title>
          <LanguageSelect label />
        </Paper>
      </Stack>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('profile.personal.title')}
        </Title>
        <PersonalForm profile={user} />
      </Paper>
    </SimpleGrid>
  );
}
