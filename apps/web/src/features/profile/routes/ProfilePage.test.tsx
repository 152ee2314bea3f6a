import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { ProfilePage } from './ProfilePage';

setUpScreens();

describe('the profile tabs', () => {
  it('bring the open tab into view: on a phone the row scrolls and the last tabs are off screen', () => {
    const shown: Element[] = [];
    // jsdom does not scroll: the test records what was asked to come into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      shown.push(this);
    };
    renderWithApi(<ProfilePage />, () => ({ status: 200, body: {} }), '/profile/services');
    const tab = screen.getByRole('tab', { name: 'DexNet services' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(shown).toContain(tab);
  });
});
