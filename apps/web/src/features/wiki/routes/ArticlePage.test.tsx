import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { ArticlePage } from './ArticlePage';

setUpScreens();

const page = (
  <Routes>
    <Route path="/wiki/:slug" element={<ArticlePage />} />
  </Routes>
);

describe('a wiki article', () => {
  it('says an article does not exist only when the server says so (404), under a heading', async () => {
    renderWithApi(page, () => ({ status: 404, body: { detail: 'Not found.' } }), '/wiki/nothing-here');
    expect((await screen.findByTestId('wiki-not-found')).textContent).toBe('This article does not exist.');
    expect(screen.getByRole('heading', { name: 'Wiki' })).toBeTruthy();
  });

  it('says what went wrong when the article could not be loaded', async () => {
    renderWithApi(page, () => ({ status: 429, body: { detail: 'Too many requests.' } }), '/wiki/matching');
    const alert = await screen.findByTestId('wiki-not-found');
    expect(alert.textContent).not.toContain('does not exist');
    expect(alert.textContent).toBe('Too many requests.');
  });
});
