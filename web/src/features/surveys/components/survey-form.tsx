/** The questions of a survey to answer, with each question's error from the server under it. */
import {
  Button,
  Checkbox,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { PublicSurveyView, SurveyAnswer, SurveyQuestion } from '@tandem/shared/surveys/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Value = string | string[] | number | undefined;

/** Error text one shade darker than Mantine's default, for 4.5:1 on the body. */
const errorStyles = { error: { color: 'var(--mantine-color-red-8)' } };

function QuestionField({
  q,
  value,
  error,
  onChange,
}: {
  q: SurveyQuestion;
  value: Value;
  error?: string;
  onChange: (v: Value) => void;
}) {
  const { t } = useTranslation('surveys');
  const label = q.prompt;
  switch (q.type) {
    case 'text':
      return (
        <Textarea
          label={label}
          required={q.required}
          autosize
          minRows={2}
          maxLength={q.maxLength}
          styles={errorStyles}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
        />
      );
    case 'single':
      return (
        <Radio.Group
          label={label}
          required={q.required}
          value={typeof value === 'string' ? value : null}
          styles={errorStyles}
          onChange={onChange}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {q.options.map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group
          label={label}
          required={q.required}
          value={Array.isArray(value) ? value : []}
          styles={errorStyles}
          onChange={onChange}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {q.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'scale': {
      const values = Array.from({ length: q.max - q.min + 1 }, (_, i) => String(q.min + i));
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span" id={`${q.id}-label`}>
            {label}
            {q.required ? ' *' : ''}
          </Text>
          <SegmentedControl
            aria-labelledby={`${q.id}-label`}
            data={values}
            value={typeof value === 'number' ? String(value) : ''}
            onChange={(v) => onChange(Number(v))}
          />
          {(q.minLabel || q.maxLabel) && (
            <Text size="xs" c="dimmed">
              {t('take.scaleEnds', {
                min: `${q.min} ${q.minLabel}`.trim(),
                max: `${q.max} ${q.maxLabel}`.trim(),
              })}
            </Text>
          )}
          {error && (
            <Text size="xs" c="red.8" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      );
    }
  }
}

export function SurveyForm({
  survey,
  busy,
  errors,
  onSubmit,
}: {
  survey: PublicSurveyView;
  busy: boolean;
  errors: Record<string, string>;
  onSubmit: (v: { name: string; email: string; answers: SurveyAnswer[] }) => void;
}) {
  const { t } = useTranslation('surveys');
  const [values, setValues] = useState<Record<string, Value>>({});
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [cleared, setCleared] = useState<Record<string, boolean>>({});
  const [seen, setSeen] = useState(errors);
  if (seen !== errors) {
    // New errors from a send: show them all again.
    setSeen(errors);
    setCleared({});
  }
  const shown = Object.fromEntries(Object.entries(errors).filter(([id]) => !cleared[id]));
  const answers = (): SurveyAnswer[] =>
    survey.questions.flatMap((q) => {
      const v = values[q.id];
      if (v === undefined || v === '' || (Array.isArray(v) && !v.length)) return [];
      return [{ questionId: q.id, value: v }];
    });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ name, email, answers: answers() });
      }}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {survey.title}
          </Title>
          {survey.intro && <Text c="dimmed">{survey.intro}</Text>}
        </Stack>
        {survey.questions.map((q) => (
          <QuestionField
            key={q.id}
            q={q}
            value={values[q.id]}
            error={shown[q.id]}
            onChange={(v) => {
              setValues((s) => ({ ...s, [q.id]: v }));
              // An answered question's error goes; the others stay until the next send.
              setCleared((c) => ({ ...c, [q.id]: true }));
            }}
          />
        ))}
        <TextInput
          label={t('take.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          styles={errorStyles}
        />
        <TextInput
          label={t('take.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          styles={errorStyles}
        />
        <Button type="submit" loading={busy}>
          {t('take.submit')}
        </Button>
      </Stack>
    </form>
  );
}
