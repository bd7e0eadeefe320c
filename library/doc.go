// Package library keeps a user's worksheets: where each source came from (lineages and the
// server's record of the sources it made), edit counts and the download lock, the storage
// quotas (per account and for all free accounts together), the rate limits of the costly
// routes, the dashboard list, and the end of a session and its PDF links. It knows nothing of
// HTTP: it answers with typed errors whose text a user can read, and hooks/ maps them to
// statuses.
package library
