import { Box, Container, Group, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LegalFooter } from '../../components/LegalLinks';
import { Logo } from '../../components/Logo';
import { MaintenanceBanner } from '../../components/MaintenanceBanner';

/** Sign-in, sign-up and password screens: a card in the middle, the language at the top. */
export function PublicShell() {
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" p="md">
        <Logo to="/login" />
        <LanguageSelect />
      </Group>
      <Container component="main" size={480} pb="xl">
        <MaintenanceBanner />
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
          <Outlet />
        </Paper>
      </Container>
      <LegalFooter />
    </Box>
  );
}
