/** E-mail notifications (issue 18): categories, the switches that decide them, digest and unsubscribe. */
export {};
