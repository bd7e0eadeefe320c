type KeyLike = { key: string; shiftKey: boolean; isComposing?: boolean; nativeEvent?: { isComposing?: boolean } };

/** In the prompt box Enter sends and Shift+Enter inserts a newline (spec §2). */
export function promptKeyAction(event: KeyLike): 'send' | 'newline' | 'none' {
  if (event.key !== 'Enter') return 'none';
  // An input method still composing a word uses Enter to confirm it.
  if (event.isComposing || event.nativeEvent?.isComposing) return 'none';
  return event.shiftKey ? 'newline' : 'send';
}
