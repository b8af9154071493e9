CREATE TABLE poker_tables (
	table_id VARCHAR(32) NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	created_at FLOAT NOT NULL, 
	settings TEXT NOT NULL, 
	closed BOOLEAN NOT NULL, 
	PRIMARY KEY (table_id)
);

CREATE TABLE hand_histories (
	table_id VARCHAR(32) NOT NULL, 
	hand_no INTEGER NOT NULL, 
	finished_at FLOAT NOT NULL, 
	summary TEXT NOT NULL, 
	history TEXT NOT NULL, 
	PRIMARY KEY (table_id, hand_no), 
	FOREIGN KEY(table_id) REFERENCES poker_tables (table_id)
);

CREATE INDEX ix_hand_histories_table ON hand_histories (table_id, hand_no);

CREATE TABLE table_events (
	id BIGSERIAL NOT NULL, 
	table_id VARCHAR(32) NOT NULL, 
	seq INTEGER NOT NULL, 
	kind VARCHAR(32) NOT NULL, 
	payload TEXT NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_table_events_table_seq UNIQUE (table_id, seq), 
	FOREIGN KEY(table_id) REFERENCES poker_tables (table_id)
);
