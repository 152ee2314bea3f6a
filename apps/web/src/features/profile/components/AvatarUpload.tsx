import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { TProfile } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useUploadAvatar } from '../api/upload-avatar';

export function AvatarUpload({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <Group>
      <Avatar src={profile.avatar} alt={name} size={80} radius={80} color="indigo" data-testid="avatar">
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={4}>
        <FileButton
          accept="image/png,image/jpeg,image/webp"
          onChange={(file) =>
            file && upload.mutate(file, { onSuccess: () => notify.success(t('profile.avatar.saved')) })
          }
        >
          {(props) => (
            <Button {...props} variant="light" loading={upload.isPending}>
              {t('profile.avatar.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('profile.avatar.hint')}
        </Text>
      </Stack>
    </Group>
  );
}
