/** Help-centre announcements written by operators and the contact-us triage (issue 18). */
export {};
