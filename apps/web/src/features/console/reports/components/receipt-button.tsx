import { useState } from 'react';
import { apiBasePath } from '@/lib/api-client';
import { downloadFile } from '../../shared/api/download-file';
import { errorMessage } from '../../shared/format';

/** Downloads an expense's receipt (the API answers it to staff and the owner charged only). */
export function ReceiptButton({ url, label }: { url: string; label: string }) {
  const [state, setState] = useState<'idle' | 'pending' | { error: string }>('idle');
  const path = url.startsWith(apiBasePath) ? url.slice(apiBasePath.length) : url;
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={state === 'pending'}
        onClick={() => {
          setState('pending');
          downloadFile(path, 'receipt').then(
            () => setState('idle'),
            (error: unknown) => setState({ error: errorMessage(error) }),
          );
        }}
      >
        Receipt <span className="visually-hidden">of {label}</span>
      </button>
      {typeof state === 'object' && (
        <span role="alert" className="console-error">
          {state.error}
        </span>
      )}
    </>
  );
}
