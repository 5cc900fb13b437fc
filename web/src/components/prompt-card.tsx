/**
 * The card both AI pages ask through (the AI builder at /templates/ai-builder, /ai-onboarding;
 * decisions D77): a text box, a submit, the message under an empty text once tried or left (spec 002
 * §5: 'Prompt is required' for the builder), and the failure of the call below it (the API's message,
 * e.g. the 503 when no AI service is set up). A new submit aborts the one still running.
 */
import { Alert, Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { errorText } from '../lib/notify.ts';

export interface PromptCardProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  maxLength: number;
  /** Under an empty text once submitted or left. */
  requiredMessage: string;
  /** A failure's text when the error brings none of its own; also the alert's title when `titled`. */
  failedText: string;
  titled?: boolean;
  /** Asks with the trimmed text; a rejection is shown (an aborted call is not). */
  onSubmit: (prompt: string, signal: AbortSignal) => Promise<void>;
  /** Beside the submit, on the left (a link, a hint). */
  aside?: ReactNode;
}

export function PromptCard({
  label,
  placeholder,
  submitLabel,
  maxLength,
  requiredMessage,
  failedText,
  titled = false,
  onSubmit,
  aside,
}: PromptCardProps) {
  const [prompt, setPrompt] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const empty = prompt.trim() === '';

  async function submit() {
    setTouched(true);
    if (empty || busy) return;
    running.current?.abort();
    const ctl = new AbortController();
    running.current = ctl;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(prompt.trim(), ctl.signal);
    } catch (err) {
      if (!ctl.signal.aborted) setFailure(errorText(err, failedText));
    } finally {
      if (running.current === ctl) setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={label}
              placeholder={placeholder}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={maxLength}
              value={prompt}
              onChange={(e) => setPrompt(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched && empty ? requiredMessage : undefined}
            />
            <Group justify={aside ? 'space-between' : 'flex-end'}>
              {aside}
              <Button type="submit" loading={busy}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {failure && (
        <Alert color="red" variant="light" role="alert" title={titled ? failedText : undefined}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
