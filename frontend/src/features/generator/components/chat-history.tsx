import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../model/types';

/** The conversation: the user's requests and the assistant's answers. */
export function ChatHistory({ messages }: { messages: ChatMessage[] }) {
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  if (messages.length === 0) {
    return (
      <p className="text-sm text-base-content/75 p-2">
        Describe the worksheet you want below. You can ask for changes afterwards, for example “make them harder”.
      </p>
    );
  }
  return (
    <>
      <ol className="flex flex-col gap-1" aria-label="Messages">
        {messages.map((m, i) => (
          <li key={i} className={`chat ${m.role === 'user' ? 'chat-end' : 'chat-start'}`} data-testid="chat-message" data-role={m.role}>
            <div className="chat-header text-xs opacity-70">{m.role === 'user' ? 'You' : 'Assistant'}</div>
            <div className={`chat-bubble whitespace-pre-wrap ${m.role === 'user' ? 'chat-bubble-primary' : ''}`}>{m.content}</div>
          </li>
        ))}
      </ol>
      <div ref={endRef} />
    </>
  );
}
