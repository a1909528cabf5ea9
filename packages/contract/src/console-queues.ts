/** The operator queues (listing review, payees, settlements), scheduled lot feeds and settlement payouts (issue 18). */
export {};
