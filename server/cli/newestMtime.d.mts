/** The latest modification time of a file or of anything below a folder; 0 when it does not exist. */
export function newestMtime(target: string): number;
