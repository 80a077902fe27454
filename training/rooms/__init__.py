"""Live duplicate rooms: a host (the arbitre) runs one clock for a whole room playing a duplicate game made
once by the duplicate mode's task; bulletins, the close judged once, solos, the live ranking, events over
WebSockets (docs/rooms.md)."""
