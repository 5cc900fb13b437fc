import { Alert, Box, Button, DataList, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateMedium } from '../../subscription/format.ts';
import { InvitationCard } from './invitation-card.tsx';

/**
 * The parts the three invitation pages share (group, delegation, attendance): each page keeps its
 * own texts and details, and draws its loading, error, answer and outcome states with these.
 */

/** The link's key, and a retry that starts the page over (a fresh read of the invitation). */
export function useInvitationKey(): { inviteKey: string; attempt: number; retry: () => void } {
  const [params] = useSearchParams();
  const [attempt, setAttempt] = useState(0);
  return { inviteKey: params.get('key')?.trim() ?? '', attempt, retry: () => setAttempt((a) => a + 1) };
}

export function InvitationLoading({ title, label }: { title: string; label: string }) {
  return (
    <InvitationCard title={title}>
      <Stack gap="sm" aria-busy="true" aria-label={label}>
        <Skeleton height={20} width="80%" />
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={36} width={200} />
      </Stack>
    </InvitationCard>
  );
}

/** The server's message as it is, with Try again when trying again could help, and the way home. */
export function InvitationError(props: {
  title: string;
  message: string;
  testId: string;
  onRetry?: (() => void) | undefined;
  tryAgain: string;
  home: ReactNode;
}) {
  return (
    <InvitationCard title={props.title}>
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        <Text size="sm" data-testid={props.testId}>
          {props.message}
        </Text>
      </Alert>
      <Group gap="sm">
        {props.onRetry && <Button onClick={props.onRetry}>{props.tryAgain}</Button>}
        {props.home}
      </Group>
    </InvitationCard>
  );
}

/** The answer's outcome: a tick when accepted, the sentence, and where to go next. */
export function InvitationOutcome(props: {
  title: string;
  accepted: boolean;
  testId: string;
  text: string;
  next: ReactNode;
}) {
  return (
    <InvitationCard title={props.title}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {props.accepted && (
          <Box c="teal" mt={2}>
            <IconCircleCheck size={20} aria-hidden />
          </Box>
        )}
        <Text data-testid={props.testId} style={{ overflowWrap: 'anywhere' }}>
          {props.text}
        </Text>
      </Group>
      <Group>{props.next}</Group>
    </InvitationCard>
  );
}

/** One labelled row of an invitation's details. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Who invited (name when known, e-mail always) and the address the invitation was sent to. */
export function InviterItems(props: {
  invitedBy: string;
  invitedEmail: string;
  inviter: { name: string; email: string };
  email: string;
  /** Rows drawn between the two (the role). */
  children?: ReactNode;
}) {
  return (
    <>
      <DetailItem label={props.invitedBy}>
        {props.inviter.name && <Text fw={500}>{props.inviter.name}</Text>}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {props.inviter.email}
        </Text>
      </DetailItem>
      {props.children}
      <DetailItem label={props.invitedEmail}>
        <Text style={{ overflowWrap: 'anywhere' }}>{props.email}</Text>
      </DetailItem>
    </>
  );
}

/** A task's description, kept to a scrolling box when long. */
export function DescriptionItem({ label, description }: { label: string; description: string | undefined }) {
  if (!description?.trim()) return null;
  return (
    <DetailItem label={label}>
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '14em', overflowY: 'auto' }}
      >
        {description}
      </Text>
    </DetailItem>
  );
}

/** When the link stops working, then Accept and Decline (both held while one is being sent). */
export function AnswerButtons(props: {
  expiresAt: string | null | undefined;
  expires: (date: string) => string;
  busy: 'accept' | 'decline' | null;
  onAnswer: (accept: boolean) => void;
  accept: string;
  decline: string;
}) {
  return (
    <>
      {props.expiresAt && (
        <Text size="sm" c="dimmed">
          {props.expires(formatDateMedium(props.expiresAt))}
        </Text>
      )}
      <Group gap="sm" mt="xs">
        <Button
          onClick={() => props.onAnswer(true)}
          loading={props.busy === 'accept'}
          disabled={props.busy !== null}
        >
          {props.accept}
        </Button>
        <Button
          variant="default"
          onClick={() => props.onAnswer(false)}
          loading={props.busy === 'decline'}
          disabled={props.busy !== null}
        >
          {props.decline}
        </Button>
      </Group>
    </>
  );
}
