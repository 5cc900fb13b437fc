import { Group, Text } from '@mantine/core';
import { Link, useInRouterContext } from 'react-router';

const mark = (
  <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
    <rect width="32" height="32" rx="8" fill="var(--mantine-color-blue-filled)" />
    <circle cx="12" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="3" />
    <circle cx="20" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="3" />
  </svg>
);

/** The Tandem mark and name, linking home (a plain link when rendered outside the router). */
export function Logo() {
  const inRouter = useInRouterContext();
  const style = { textDecoration: 'none', color: 'inherit' };
  const content = (
    <>
      {mark}
      <Text fw={700} fz="lg">
        Tandem
      </Text>
    </>
  );
  return (
    <Group
      gap={8}
      wrap="nowrap"
      style={style}
      renderRoot={(props) => (inRouter ? <Link to="/" {...props} /> : <a href="/" {...props} />)}
    >
      {content}
    </Group>
  );
}
