import PocketBase from 'pocketbase';

// The Go binary serves PocketBase and the app from the same origin.
export const pb = new PocketBase(typeof window !== 'undefined' ? window.location.origin : 'http://127.0.0.1');
// Several components may load data at once; PocketBase's default auto-cancellation would abort them.
pb.autoCancellation(false);
