import { Box, Center, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/Logo';

/** Screens opened from a mail link, signed in or not (spec: /confirm-email). */
export function SeparateShell() {
  return (
    <Box mih="100vh" bg="gray.0" p="md">
      <Box component="header" mb="xl">
        <Logo to="/" />
      </Box>
      <Center component="main">
        <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
          <Outlet />
        </Paper>
      </Center>
    </Box>
  );
}
