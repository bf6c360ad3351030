// Turnover tasks (issue 30, ADR 043): planned from stays, worked by cleaners, followed by staff.
export * from './board.js';
export * from './mine.js';
export * from './notices.js';
export * from './plan.js';
export * from './problems.js';
export * from './kinds.js';
