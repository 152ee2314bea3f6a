import type { TProfile } from '@portal/contracts';
import type { TFunction } from 'i18next';

/**
 * The partner's mentor as the interface names them: "Mira Tester (@mira)", or with the partner ID
 * when they have no username; "the company" for a partner who joined without an invitation. Null
 * without a mentor.
 */
export function mentorName(profile: Pick<TProfile, 'mentor' | 'mentor_id'>, t: TFunction): string | null {
  const { mentor, mentor_id: id } = profile;
  if (!mentor || id === null) return null;
  if (mentor.company) return t('profile.mentor.company');
  const name = `${mentor.first_name} ${mentor.last_name}`.trim();
  return mentor.username
    ? t('profile.mentor.withUsername', { name, username: mentor.username })
    : t('profile.mentor.withId', { name, id });
}
