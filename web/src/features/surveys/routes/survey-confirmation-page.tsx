/** /survey-confirmation/ (spec 002 §2): after answering, the survey's confirmation text. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_SURVEY_CONFIRMATION } from '@tandem/shared/surveys/surveys';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { surveyPaths } from '../paths.ts';
import { readReceipt } from '../utils/survey-token.ts';

export default function SurveyConfirmationPage() {
  const { t } = useTranslation('surveys');
  const receipt = readReceipt();
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('confirmation.title')}
      </Title>
      {receipt?.title && <Text fw={500}>{receipt.title}</Text>}
      <Text>{receipt?.confirmation || DEFAULT_SURVEY_CONFIRMATION}</Text>
      <Anchor component={Link} to={surveyPaths.status}>
        {t('confirmation.status')}
      </Anchor>
    </Stack>
  );
}
