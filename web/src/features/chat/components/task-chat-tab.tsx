import { ChatPanel } from './chat-panel.tsx';

/** The task modal's messages tab (spec 000 §2): the task's chat without its header (the modal names the task). */
export default function TaskChatTab({ taskId }: { taskId: string }) {
  return <ChatPanel taskId={taskId} height={360} showHeader={false} />;
}
