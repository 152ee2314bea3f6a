import { Avatar } from '@mantine/core';

/** The partner's photo, or their initial. */
export function AccountAvatar({ name, avatar }: { name: string; avatar: string | null | undefined }) {
  return (
    <Avatar src={avatar} alt={name} radius="xl" color="indigo">
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
