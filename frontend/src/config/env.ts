// Base address of the product API. Empty by default: the API is served by the same origin.
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
