/** Account restrictions and the audit log viewer (issue 18; owned by the restrictions work). */
export {};
