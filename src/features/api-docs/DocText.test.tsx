// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocText } from './DocText.tsx';

afterEach(cleanup);

describe('DocText', () => {
  it('shows `backticked` words as code and nothing else as markup', () => {
    const { container } = render(<DocText text="The plan has no API access (`planRequired`): retry after `Retry-After` <b>seconds</b>." />);
    expect([...container.querySelectorAll('code')].map((code) => code.textContent)).toEqual(['planRequired', 'Retry-After']);
    expect(container.textContent).toBe('The plan has no API access (planRequired): retry after Retry-After <b>seconds</b>.');
    expect(container.querySelector('b')).toBeNull();
  });

  it('leaves an unpaired backtick as it is', () => {
    const { container } = render(<DocText text="a ` b" />);
    expect(container.querySelector('code')).toBeNull();
    expect(container.textContent).toBe('a ` b');
  });
});
