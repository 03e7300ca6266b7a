/** Spec §7 task calls made so far; the task modules add theirs here (My Tasks' are in mytasks.ts). */
export const taskMethods = {};
