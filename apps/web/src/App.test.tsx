import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App.tsx';

describe('App', () => {
  it('shows the product name and slogan', () => {
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Bops AI');
    expect(screen.getByText('Make your own Bops')).toBeTruthy();
  });
});
