import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { MessageBody } from './MessageBody';

describe('MessageBody', () => {
  it('draws each kind of message by its type', () => {
    renderWithProviders(
      <>
        <MessageBody data='{"_lctype":-1,"_lctext":"hello"}' recalled={false} />
        <MessageBody
          data='{"_lctype":-5,"_lcloc":{"latitude":31.2,"longitude":121.5},"_lctext":"shop"}'
          recalled={false}
        />
        <MessageBody
          data='{"_lctype":-2,"_lcfile":{"url":"https://x.example/a.png","metaData":{"name":"a.png"}}}'
          recalled={false}
        />
        <MessageBody data='{"order":7}' recalled={false} />
        <MessageBody data="" recalled />
      </>,
    );
    expect(screen.getByText('hello')).toBeInTheDocument();
    expect(screen.getByText('Location 31.2, 121.5 — shop')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Image: a.png' })).toHaveAttribute(
      'href',
      'https://x.example/a.png',
    );
    expect(screen.getByText('Custom JSON')).toBeInTheDocument();
    expect(screen.getByText('This message was recalled.')).toBeInTheDocument();
  });
});
