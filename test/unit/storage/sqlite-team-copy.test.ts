import { openSqliteTeamCopy } from '@main/storage/sqlite/team-copy';
import { describeTeamCopyStoreContract } from './contract/team-copy';

describeTeamCopyStoreContract('SQLite file', openSqliteTeamCopy);
