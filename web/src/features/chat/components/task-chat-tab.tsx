import { ChatPanel } from './chat-panel.tsx';

/**
 * The task modal's messages tab (spec 000 §2): the task's chat without its header (the modal names the
 * task). `onDirtyChange` says whether text is typed and not sent: leaving the tab then asks first.
 */
export default function TaskChatTab({
  taskId,
  onDirtyChange,
}: {
  taskId: string;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  return <ChatPanel taskId={taskId} height={360} showHeader={false} onDirtyChange={onDirtyChange} />;
}
