/** A new survey: title, introduction and questions of the four types (decisions D69). */
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  SURVEY_LIMITS,
  SURVEY_QUESTION_TYPES,
  type SurveyInput,
  type SurveyKind,
  type SurveyQuestionType,
} from '@tandem/shared/surveys/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Draft {
  key: number;
  type: SurveyQuestionType;
  prompt: string;
  required: boolean;
  /** One option a line. */
  options: string;
  min: number;
  max: number;
}

let nextKey = 1;
const blank = (): Draft => ({
  key: nextKey++,
  type: 'text',
  prompt: '',
  required: false,
  options: '',
  min: 1,
  max: 5,
});

export function toSurveyInput(
  title: string,
  intro: string,
  drafts: Draft[],
  kind: SurveyKind = 'general',
): SurveyInput {
  return {
    title,
    intro,
    confirmation: '',
    kind,
    questions: drafts.map((d) => {
      const base = { prompt: d.prompt, required: d.required };
      const options = d.options
        .split('\n')
        .map((o) => o.trim())
        .filter(Boolean);
      switch (d.type) {
        case 'text':
          return { ...base, type: 'text', maxLength: SURVEY_LIMITS.textAnswerChars };
        case 'single':
        case 'multiple':
          return { ...base, type: d.type, options };
        default:
          return { ...base, type: 'scale', min: d.min, max: d.max, minLabel: '', maxLabel: '' };
      }
    }) as SurveyInput['questions'],
  };
}

export function SurveyBuilder({
  busy,
  errors,
  onSave,
}: {
  busy: boolean;
  errors: Record<string, string>;
  onSave: (input: SurveyInput) => void;
}) {
  const { t } = useTranslation('surveys');
  const [title, setTitle] = useState('');
  const [intro, setIntro] = useState('');
  const [businessPlan, setBusinessPlan] = useState(false);
  const [drafts, setDrafts] = useState<Draft[]>([blank()]);
  const change = (key: number, patch: Partial<Draft>) =>
    setDrafts((ds) => ds.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const errorOf = (i: number) =>
    Object.entries(errors).find(([k]) => k.startsWith(`questions.${i}`))?.[1] ?? undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave(toSurveyInput(title, intro, drafts, businessPlan ? 'business-plan' : 'general'));
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('builder.title')}
          required
          maxLength={SURVEY_LIMITS.titleChars}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
        />
        <Textarea
          label={t('builder.intro')}
          autosize
          maxLength={SURVEY_LIMITS.introChars}
          value={intro}
          onChange={(e) => setIntro(e.currentTarget.value)}
        />
        <Checkbox
          label={t('builder.businessPlan')}
          description={t('builder.businessPlanHint')}
          checked={businessPlan}
          onChange={(e) => setBusinessPlan(e.currentTarget.checked)}
        />
        {drafts.map((d, i) => (
          <Paper key={d.key} withBorder p="sm">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <Select
                  label={t('builder.type')}
                  data={SURVEY_QUESTION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
                  value={d.type}
                  allowDeselect={false}
                  onChange={(v) => v && change(d.key, { type: v as SurveyQuestionType })}
                  w={170}
                />
                <TextInput
                  label={t('builder.question', { n: i + 1 })}
                  style={{ flex: 1 }}
                  maxLength={SURVEY_LIMITS.promptChars}
                  value={d.prompt}
                  onChange={(e) => change(d.key, { prompt: e.currentTarget.value })}
                  error={errorOf(i)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('builder.remove', { n: i + 1 })}
                  disabled={drafts.length === 1}
                  onClick={() => setDrafts((ds) => ds.filter((x) => x.key !== d.key))}
                  mb={4}
                >
                  ×
                </ActionIcon>
              </Group>
              {(d.type === 'single' || d.type === 'multiple') && (
                <Textarea
                  label={t('builder.options')}
                  description={t('builder.optionsHint')}
                  autosize
                  minRows={2}
                  value={d.options}
                  onChange={(e) => change(d.key, { options: e.currentTarget.value })}
                />
              )}
              {d.type === 'scale' && (
                <Group>
                  <NumberInput
                    label={t('builder.min')}
                    min={SURVEY_LIMITS.scaleLowest}
                    max={SURVEY_LIMITS.scaleHighest}
                    value={d.min}
                    onChange={(v) => change(d.key, { min: Number(v) || 0 })}
                    w={100}
                  />
                  <NumberInput
                    label={t('builder.max')}
                    min={SURVEY_LIMITS.scaleLowest}
                    max={SURVEY_LIMITS.scaleHighest}
                    value={d.max}
                    onChange={(v) => change(d.key, { max: Number(v) || 0 })}
                    w={100}
                  />
                </Group>
              )}
              <Checkbox
                label={t('builder.required')}
                checked={d.required}
                onChange={(e) => change(d.key, { required: e.currentTarget.checked })}
              />
            </Stack>
          </Paper>
        ))}
        {errors.questions && (
          <Textarea readOnly variant="unstyled" c="red" value={errors.questions} aria-live="polite" />
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={drafts.length >= SURVEY_LIMITS.maxQuestions}
            onClick={() => setDrafts((ds) => [...ds, blank()])}
          >
            {t('builder.addQuestion')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('builder.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
