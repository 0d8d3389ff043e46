/** The administrator's password every test database is seeded with. */
export const testAdminPassword = 'Admin@123456';
/** The public 3.6 client's key: protocol.md's test vector uses it. */
export const testCipherKey = 'EY8WePvjM5GGwQzn';
