import { Button, useToast } from '@vitrine/ui';
import type { ReactNode } from 'react';
import './secret-once.css';

export interface SecretOnceProps {
  /** The notice's accessible name, e.g. "Signing secret". */
  label: string;
  title: ReactNode;
  /** Where the secret goes, after "Copy it now…". */
  hint: ReactNode;
  secret: string;
  /** What the secret is called on its copy button and toast, e.g. "token". */
  noun: string;
  testId: string;
  onDone(): void;
}

/**
 * A new secret (an API token, a webhook's signing secret), shown this once: the API keeps
 * only what checks it, so it is copied now or made again.
 */
export function SecretOnce({ label, title, hint, secret, noun, testId, onDone }: SecretOnceProps) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(`${noun[0].toUpperCase()}${noun.slice(1)} copied`);
    } catch {
      toast.error(`The browser did not allow copying: select the ${noun} and copy it by hand`);
    }
  }
  return (
    <section className="adm-card adm-secret-once" role="status" aria-label={label}>
      <h2 className="adm-form-section__title">{title}</h2>
      <p>
        <strong>Copy it now: you will not see it again.</strong> {hint}
      </p>
      <code className="adm-code adm-secret-once__value" data-testid={testId}>
        {secret}
      </code>
      <div className="adm-form-actions">
        <Button onClick={() => void copy()}>Copy {noun}</Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
